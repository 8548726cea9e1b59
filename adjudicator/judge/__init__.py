"""The CFJ judge: statements, verdicts, explanations."""
