/// The task a store runs code for, carried by its task so state writes and sends know their cause.
@usableFromInline
package enum TaskContext {
  @TaskLocal package static var current: TaskRecord?

  /// The task-local itself, for binding it in inlinable code (`TaskStarter`).
  @usableFromInline
  static var local: TaskLocal<TaskRecord?> { $current }
}
