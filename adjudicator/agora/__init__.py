"""Agora: the CFJ judge (statements, verdicts, explanations) and, in time, the nomic loop."""
