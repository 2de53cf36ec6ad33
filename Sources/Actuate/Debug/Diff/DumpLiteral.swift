#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Leaf values print as the literal a person would type, which is cheaper to detect with one
/// protocol cast than by reflecting on them.
protocol DumpLiteral {
  var dumpShape: ValueShape { get }
}

extension DumpLiteral where Self: CustomStringConvertible {
  var dumpShape: ValueShape { .scalar(description) }
}

extension Bool: DumpLiteral {}
extension Int: DumpLiteral {}
extension Int8: DumpLiteral {}
extension Int16: DumpLiteral {}
extension Int32: DumpLiteral {}
extension Int64: DumpLiteral {}
extension Int128: DumpLiteral {}
extension UInt: DumpLiteral {}
extension UInt8: DumpLiteral {}
extension UInt16: DumpLiteral {}
extension UInt32: DumpLiteral {}
extension UInt64: DumpLiteral {}
extension UInt128: DumpLiteral {}
extension Float: DumpLiteral {}
extension Double: DumpLiteral {}
extension Decimal: DumpLiteral {}

extension String: DumpLiteral {
  var dumpShape: ValueShape { .text(self) }
}

extension Substring: DumpLiteral {
  var dumpShape: ValueShape { .text(String(self)) }
}

extension Character: DumpLiteral {
  var dumpShape: ValueShape { .scalar(StringLiteral.quoted(String(self))) }
}

extension UUID: DumpLiteral {
  var dumpShape: ValueShape { .scalar("UUID(\(uuidString))") }
}

extension URL: DumpLiteral {
  var dumpShape: ValueShape { .scalar("URL(\(absoluteString))") }
}

extension Date: DumpLiteral {
  var dumpShape: ValueShape { .scalar("Date(\(ISO8601Text.format(self)))") }
}

/// Formats dates in UTC without any formatter object, so output never depends on locale or
/// time zone and stays deterministic in tests.
enum ISO8601Text {
  static func format(_ date: Date) -> String {
    let interval = date.timeIntervalSince1970
    guard interval.isFinite else { return String(interval) }
    let totalMilliseconds = Int64((interval * 1000).rounded(.down))
    var seconds = totalMilliseconds / 1000
    var milliseconds = totalMilliseconds % 1000
    if milliseconds < 0 {
      milliseconds += 1000
      seconds -= 1
    }
    var days = seconds / 86_400
    var secondOfDay = seconds % 86_400
    if secondOfDay < 0 {
      secondOfDay += 86_400
      days -= 1
    }
    let (year, month, day) = civilDate(daysSinceEpoch: days)
    var text =
      "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
      + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay % 3600 / 60, 2)):\(pad(secondOfDay % 60, 2))"
    if milliseconds != 0 { text += ".\(pad(milliseconds, 3))" }
    return text + "Z"
  }

  private static func pad(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
    return value < 0 ? "-" + padded : padded
  }

  /// Howard Hinnant's days-from-civil inverse.
  private static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
    let z = daysSinceEpoch + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day)
  }
}
