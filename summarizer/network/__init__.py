"""What crosses the network: the JSON wire forms and the HTTP client that speaks them (stdlib only)."""
