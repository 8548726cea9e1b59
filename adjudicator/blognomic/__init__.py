"""BlogNomic: votable matters, the naval dynasty's Watch and Chart (encodings/blognomic/)."""
