"""Z3 analyses: ossification, reachability, witness traces."""
