"""The HTTP API: litestar controllers, one per resource, with their wire structs."""
