/// Runtime type names carry module prefixes and compiler-generated context that only add
/// noise to a dump, so they are reduced to the name a person would write in source.
struct TypeNameFormatter {
  /// Shared by every dump and diff in the process: a type's readable name never changes, and working it out
  /// again weighs on logging a small state change.
  private static let cache = Locked<[ObjectIdentifier: String]>([:])

  func name(of type: Any.Type) -> String {
    let key = ObjectIdentifier(type)
    if let cached = Self.cache.withLock({ $0[key] }) { return cached }
    let readable = Self.readable(_typeName(type, qualified: true))
    Self.cache.withLock { $0[key] = readable }
    return readable
  }

  static func readable(_ raw: String) -> String {
    var text = removingContexts(raw)
    text = removingModules(text)
    return text
  }

  /// Removes `(unknown context at $…).`, `(extension in M):` and rewrites `(Name in _HASH)` to `Name`.
  private static func removingContexts(_ raw: String) -> String {
    var result = ""
    var index = raw.startIndex
    while index < raw.endIndex {
      let rest = raw[index...]
      if rest.hasPrefix("(unknown context at "), let close = rest.firstIndex(of: ")") {
        index = raw.index(after: close)
        if index < raw.endIndex, raw[index] == "." { index = raw.index(after: index) }
        continue
      }
      if rest.hasPrefix("(extension in "), let close = rest.firstIndex(of: ")") {
        index = raw.index(after: close)
        if index < raw.endIndex, raw[index] == ":" { index = raw.index(after: index) }
        continue
      }
      if raw[index] == "(", let close = rest.firstIndex(of: ")"),
        let marker = rest[..<close].firstRange(of: " in _")
      {
        result += rest[rest.index(after: rest.startIndex)..<marker.lowerBound]
        index = raw.index(after: close)
        continue
      }
      result.append(raw[index])
      index = raw.index(after: index)
    }
    return result
  }

  /// Every named type in a qualified name starts with its module, so the first component of
  /// each dotted identifier path is dropped.
  private static func removingModules(_ text: String) -> String {
    var result = ""
    var token = ""
    func flush() {
      if let dot = token.firstIndex(of: "."), dot != token.startIndex {
        result += token[token.index(after: dot)...]
      } else {
        result += token
      }
      token = ""
    }
    for character in text {
      if character.isLetter || character.isNumber || character == "_" || character == "." {
        token.append(character)
      } else {
        flush()
        result.append(character)
      }
    }
    flush()
    return result
  }

  static func withoutGenericArguments(_ name: String) -> String {
    guard let open = name.firstIndex(of: "<") else { return name }
    return String(name[..<open])
  }
}
