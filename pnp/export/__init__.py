"""Exports for virtual tabletops and print-on-demand shops, rasterised from a print-shop PDF of the pieces.

One module per target (`tts`, `tgc`, `mpc`, `tabletopia`), each following
`pnp.export.target.ExportTarget` and registered in the `pnp.exports` entry-point
group; `raster` lists the game's pieces and turns their faces into pixels, and `faces`
packs one image per distinct face for the per-piece targets.
"""
