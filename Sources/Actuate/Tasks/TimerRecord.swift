/// The record of a timer the store starts of its own accord, a throttle window's or a queue's spacing: when
/// it fires, it starts the next action. A test clock that wakes it waits for it as for any task of the store
/// (until it sleeps again or ends), so the action it starts has run up to its own first sleep before time
/// moves on.
final class TimerRecord: TaskRecord, @unchecked Sendable {}
