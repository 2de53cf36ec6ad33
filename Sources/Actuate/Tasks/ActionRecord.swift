/// The record of one action: the action travels with it through the intake, the policies and the handler.
@usableFromInline
final class ActionRecord<I: Interactor>: TaskRecord, @unchecked Sendable {
  @usableFromInline let action: I.Action
  /// What sent this action from inside the store, or `nil` when it came from outside. A description, not
  /// the sender's record: a record that kept its sender would keep a whole chain of self-sends alive.
  /// Held as a reference of a type that is not generic, so that a send with nobody observing (the
  /// description is then `.unknown`, one shared note) copies no generic value.
  private let sentBy: SenderNote?
  /// For ``Store/sendAndWait(_:reading:)``: reads the state as the action ends, on the store, before anyone
  /// waiting for the end is resumed.
  let reader: StateReader<I.State>?

  init(
    number: UInt64, owner: StoreActor<I>, action: I.Action, sentBy: SenderNote?,
    reader: consuming StateReader<I.State>? = nil
  ) {
    self.action = action
    self.sentBy = sentBy
    self.reader = reader
    super.init(number: number, owner: ObjectIdentifier(owner), home: owner.home)
  }

  /// What sent this action: `nil` from outside, `.unknown` when nobody observed the store at the time.
  var sender: StoreCause<I>? {
    guard let sentBy else { return nil }
    if sentBy === SenderNote.unknown { return .unknown }
    return unsafeDowncast(sentBy, to: DescribedSender<I>.self).cause
  }
}

/// The description of an action's sender that its record keeps.
@usableFromInline
class SenderNote: @unchecked Sendable {
  // @unchecked: immutable; the subclass holds a `Sendable` cause.

  /// The sender of an action sent while nobody observed the store.
  static let unknown = SenderNote()

  static func note<I: Interactor>(_ cause: StoreCause<I>) -> SenderNote {
    if case .unknown = cause { return unknown }
    return DescribedSender(cause)
  }
}

final class DescribedSender<I: Interactor>: SenderNote, @unchecked Sendable {
  let cause: StoreCause<I>

  init(_ cause: StoreCause<I>) {
    self.cause = cause
  }
}
