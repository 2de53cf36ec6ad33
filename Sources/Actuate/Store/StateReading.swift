/// What ``Store/sendAndWait(_:reading:)`` read: written on the store before the action's end is published,
/// read by its sender after it has seen the end.
final class StateReading<Value>: @unchecked Sendable {
  // @unchecked: written once, before the record's end is published under its home's lock; read after it.
  var value: Value?
}
