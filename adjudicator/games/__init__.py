"""Front ends of other games (Highest Number Game, BlogNomic)."""
