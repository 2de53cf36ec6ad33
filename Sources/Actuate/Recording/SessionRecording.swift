/// Whether a store records its session to a file, for a test to replay (Docs/Sessions.md).
///
/// ```swift
/// let store = Store(initialState: .init(), interactor: interactor, recording: .file("/tmp/search.jsonl"))
/// ```
///
/// A store made without `recording:` follows ``environment``: `ACTUATE_RECORD=/tmp/session.jsonl` records
/// every store the program makes, the first to that file and each next one to `session-2.jsonl`,
/// `session-3.jsonl`, …; `ACTUATE_RECORD=/tmp/sessions/` records each to a file of its own in that folder,
/// named after the store, as ``folder(_:)`` does. A file that cannot be opened leaves the store
/// unrecorded, with a warning.
public struct SessionRecording: Sendable {
  enum Setting: Sendable {
    case off
    case file(String)
    case folder(String)
    case environment
  }

  let setting: Setting

  /// The store records nothing.
  public static let off = SessionRecording(setting: .off)

  /// As `ACTUATE_RECORD` says: off when it is unset or empty, else a path for the session files. The default.
  public static let environment = SessionRecording(setting: .environment)

  /// The store records its session to `path`, replacing what the file held.
  public static func file(_ path: String) -> SessionRecording {
    SessionRecording(setting: .file(path))
  }

  /// Each store records its session to a file of its own in the folder `path`, made if it is missing: the
  /// store's name (`name:`, else its interactor's) with `.jsonl`, anything but letters, digits, `-`, `_`
  /// and `.` made a `-` (`cart alice` records to `cart-alice.jsonl`). A file there is never replaced: a
  /// name whose file exists (a store made again, an earlier run) gets the next free number
  /// (`cart-alice-2.jsonl`). For a server with a store per cart or per user, whose sessions replay one at a
  /// time.
  public static func folder(_ path: String) -> SessionRecording {
    SessionRecording(setting: .folder(path))
  }

  /// The recorder this setting makes for a new store called `name` (its `name:`, if it was given one), or
  /// `nil` if it records nothing or its file cannot be opened (named in a warning).
  func recorder<I: Interactor>(for _: I.Type, name: String? = nil) -> SessionRecorder<I>? {
    let path: String
    let store = name ?? String(describing: I.self)
    switch setting {
    case .off: return nil
    case .file(let given): path = given
    case .folder(let folder): path = SessionFolder.nextPath(in: folder, store: store)
    case .environment:
      guard let next = SessionEnvironment.nextPath(store: store) else { return nil }
      path = next
    }
    do {
      return SessionRecorder<I>(file: try LogFile(path: path, truncating: true))
    } catch {
      Diagnostics.warn(
        "\(I.self) records no session: \(error). Give ACTUATE_RECORD, .file(_:) or .folder(_:) a path that can be written."
      )
      return nil
    }
  }
}
