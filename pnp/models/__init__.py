"""What a spec means, shared by every kind: the strict pydantic base and value types (`types`,
`units`, `paint`, `fontnames`), validation with errors mapped to positions (`validate`), game.yaml
(`game`), a game's own fonts (`fontfiles`), the `:icon:` syntax (`icontext`) and cell shapes
(`polyomino`). A kind's own model lives in its package under `pnp/kinds/`."""
