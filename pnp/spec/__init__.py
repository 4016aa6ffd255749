"""Spec loading and validation: YAML and CSV in, typed models with positions out."""
