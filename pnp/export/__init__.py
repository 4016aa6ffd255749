"""Exports for virtual tabletops and print-on-demand shops, rasterised from the print-shop PDF.

One module per target (`tts`, `tgc`, `mpc`, `tabletopia`), each following
`pnp.export.target.ExportTarget` and registered in the `pnp.exports` entry-point
group; `raster` turns PDF pages into pixels and `faces` packs one image per
distinct face for the per-card targets.
"""
