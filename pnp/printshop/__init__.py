"""The files a print shop takes as they are: shop profiles, CMYK through an ICC profile, PDF/X, preflight.

See docs/print-shops.md. `pnp build GAME --shop NAME` is `build.build_shop`; `pnp preflight` is
`preflight.preflight_file`.
"""
