"""The source with the summary marked in it: a highlighted PDF, or an HTML page for other formats."""
