/// Prints ``WallTime``s as ISO 8601 for one writer, working out the date, the time of day and the UTC
/// offset once per second.
///
/// A busy store logs thousands of entries a second; converting each one's seconds to a calendar date
/// (`localtime_r`, which also consults the time zone) cost more than formatting the rest of the entry.
struct TimestampFormatter {
  let utc: Bool
  private var second = Int.min
  /// `2026-11-23T12:00:01.` for `second`.
  private var prefix = ""
  /// `+01:00` or `Z` for `second`.
  private var suffix = ""

  init(utc: Bool) {
    self.utc = utc
  }

  /// The same text as `time.iso8601(utc:)`.
  mutating func format(_ time: WallTime) -> String {
    if time.seconds != second {
      let whole = time.iso8601(utc: utc)
      // `…:ss.ffffff` then the suffix: the fraction is always six digits.
      let dot = whole.lastIndex(of: ".")!
      prefix = String(whole[...dot])
      suffix = String(whole[whole.index(dot, offsetBy: 7)...])
      second = time.seconds
    }
    return prefix + Self.sixDigits(time.nanoseconds / 1_000) + suffix
  }

  private static func sixDigits(_ value: Int) -> String {
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (48, 48, 48, 48, 48, 48)
    var rest = value
    withUnsafeMutableBytes(of: &digits) { bytes in
      for index in stride(from: 5, through: 0, by: -1) {
        bytes[index] = UInt8(truncatingIfNeeded: 48 + rest % 10)
        rest /= 10
      }
    }
    return withUnsafeBytes(of: digits) { String(decoding: $0, as: UTF8.self) }
  }
}
