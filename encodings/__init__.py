"""Answer-set encodings, shipped as package data (`adjudicator.encodings`)."""
