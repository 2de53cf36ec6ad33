#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder where each store records its session to a file of its own, named after the store: a server with
/// a store per cart or per user records each one's session apart, ready to replay alone.
///
/// A name the process gave before gets a number (`cart-alice-2.jsonl`), so that a store made again under
/// the same name, after the first was evicted, never replaces the first one's session.
enum SessionFolder {
  private static let used = Locked<[String: Int]>([:])

  /// The file in `folder` for the next store called `store`, the folder made if it is missing.
  static func nextPath(in folder: String, store: String) -> String {
    // An existing folder is fine; one that cannot be made fails as its file is opened, with a warning.
    _ = mkdir(folder, 0o700)
    let base = (folder.hasSuffix("/") ? folder : folder + "/") + fileName(for: store) + ".jsonl"
    let number = used.withLock { used in
      used[base, default: 0] += 1
      return used[base]!
    }
    return SessionEnvironment.numbered(base, number)
  }

  /// `store` as a file name: letters, digits, `-`, `_` and `.` kept, anything else a `-`, never hidden and
  /// never a path, since a store's name may come from a request (a cart's name in a URL).
  static func fileName(for store: String) -> String {
    var name = String(
      store.unicodeScalars.prefix(200).map { scalar -> Character in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
          ? Character(scalar) : "-"
      })
    if name.first == "." { name = "-" + name.dropFirst() }
    return name.isEmpty ? "store" : name
  }

  /// Whether `path` names a folder: it ends with `/`, or a folder is there.
  static func isFolder(_ path: String) -> Bool {
    if path.hasSuffix("/") { return true }
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}
