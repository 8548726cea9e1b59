"""The Highest Number Game (Agora 2024 Birthday Tournament, BT31): log adjudication (ASP) and reachability (Z3)."""
