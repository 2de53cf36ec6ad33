/// An empty actor whose only job is to own a serial executor: a root store and every child store inside it
/// run on it, so they exclude each other and a parent's code reaches a child's without a hop.
final actor ExecutorAnchor {}
