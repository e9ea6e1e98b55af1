"""Everything with I/O: the store, the HTTP API, views, audit and the command line."""
