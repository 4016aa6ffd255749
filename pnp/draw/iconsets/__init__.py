"""Built-in icon sets, one module per theme; every module here is loaded on first use."""
