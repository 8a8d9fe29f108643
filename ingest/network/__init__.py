"""Everything that talks to the network: the guarded fetch, the news feed and article pages."""
