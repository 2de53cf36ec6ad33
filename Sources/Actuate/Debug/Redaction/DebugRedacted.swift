/// A type whose values the debug log never shows: wherever it would print one, in an action, a state dump or
/// a diff, and so in every entry, JSON line, trace and custom sink, it prints `<redacted>` instead.
///
/// Adopt it for a type that is secret as a whole, such as an access token or a credential:
///
/// ```swift
/// struct Token: Equatable, Sendable, DebugRedacted {
///   let value: String
/// }
/// ```
///
/// The log then shows `.tokenReceived(<redacted>)` and `token: <redacted>`, and a recorded session
/// (``SessionRecording``) holds a marker in place of the value, whatever its `Encodable` conformance writes.
/// For a field of a type that is not secret as a whole, wrap the field's value in ``Redacted`` instead.
///
/// The protocol gives the type a `description` and a `debugDescription` that print `<redacted>`, so that
/// `print`, string interpolation and the description of an enum case holding a value hide it too. Don't give
/// the type descriptions of its own: an action's description prints its payload with them.
///
/// The type's `Mirror` is left as it is, so that the log can still tell that a value which is not `Equatable`
/// changed, and say so without showing it (`- token: <redacted>`, `+ token: <redacted>`). Tools that walk
/// mirrors, such as `dump(_:)`, do see the fields; if they must not, give the type a `customMirror` without
/// children and make it `Equatable`, so that the log still tells its changes.
public protocol DebugRedacted: CustomStringConvertible, CustomDebugStringConvertible {}

extension DebugRedacted {
  /// `<redacted>`, never the value.
  public var description: String { Redaction.placeholder }

  /// `<redacted>`, never the value.
  public var debugDescription: String { Redaction.placeholder }
}
