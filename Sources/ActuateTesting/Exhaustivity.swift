/// How much a ``TestStore`` insists on being told.
public struct Exhaustivity: Sendable, Equatable {
  let isOn: Bool
  let showsSkipped: Bool

  /// Every state change, every action sent from inside, and every task must be asserted or finished by the
  /// end of the test. The default.
  public static let on = Exhaustivity(isOn: true, showsSkipped: false)

  /// Only what the test names is asserted; the rest is skipped silently.
  public static let off = Exhaustivity(isOn: false, showsSkipped: false)

  /// Only what the test names is asserted; what was skipped is printed, to help tighten the test later.
  public static func off(showSkipped: Bool) -> Exhaustivity {
    Exhaustivity(isOn: false, showsSkipped: showSkipped)
  }
}
