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
    var buffer = TextBuffer(capacity: 32)
    write(time, to: &buffer)
    return buffer.text
  }

  /// Appends the same text as `time.iso8601(utc:)` to `buffer`.
  mutating func write(_ time: WallTime, to buffer: inout TextBuffer) {
    if time.seconds != second {
      let whole = time.iso8601(utc: utc)
      // `…:ss.ffffff` then the suffix: the fraction is always six digits.
      let dot = whole.lastIndex(of: ".")!
      prefix = String(whole[...dot])
      suffix = String(whole[whole.index(dot, offsetBy: 7)...])
      second = time.seconds
    }
    buffer.append(prefix)
    buffer.append(time.nanoseconds / 1_000, digits: 6)
    buffer.append(suffix)
  }
}
