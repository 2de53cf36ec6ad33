import Actuate

extension TestClock {
  /// A task as a failure names it: its hook, or its number.
  static func describe(_ record: TaskRecord) -> String {
    (record as? any HookTaskRecord)?.hookDescription ?? "task #\(record.number)"
  }
}
