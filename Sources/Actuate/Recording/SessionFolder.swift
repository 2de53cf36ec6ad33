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
/// A file is never replaced: a name whose file is there already, from a store made again after the first
/// was evicted, from an earlier run of the process or from another name that maps to the same file, gets the
/// next free number (`cart-alice-2.jsonl`).
enum SessionFolder {
  /// The number each file name was last given, where the search for a free one starts: a hint, kept to a
  /// bounded size, since the file system says which numbers are taken.
  private static let hints = Locked<[String: Int]>([:])
  private static let hintLimit = 4_096

  /// A new, empty file in `folder` for the next store called `store`, the folder made if it is missing.
  static func nextPath(in folder: String, store: String) -> String {
    // An existing folder is fine; one that cannot be made fails as its file is opened, with a warning.
    _ = mkdir(folder, 0o700)
    let base = (folder.hasSuffix("/") ? folder : folder + "/") + fileName(for: store) + ".jsonl"
    var number = hints.withLock { $0[base, default: 0] } + 1
    // Made here, and only if missing, so that two stores (or two processes) never take one file; a file that
    // cannot be made for another reason is left to the open that follows, which names why.
    while true {
      let descriptor = open(SessionEnvironment.numbered(base, number), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      if descriptor >= 0 {
        close(descriptor)
        break
      }
      guard errno == EEXIST else { break }
      number += 1
    }
    let taken = number
    hints.withLock { hints in
      if hints.count >= hintLimit { hints.removeAll(keepingCapacity: true) }
      hints[base] = taken
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
