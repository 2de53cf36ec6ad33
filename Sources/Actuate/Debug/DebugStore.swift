/// Logging of what stores do: every action, a readable diff of every state change, cancellations, hooks.
public struct DebugStore: Sendable {}
