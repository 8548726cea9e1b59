"""Diplomacy: map, orders, adjudication, game flow, rendering."""
