import Foundation

enum Format {
  static func duration(_ duration: Duration) -> String {
    seconds(duration.seconds)
  }

  static func seconds(_ seconds: Double) -> String {
    switch seconds {
    case ..<1e-6: String(format: "%.0f ns", seconds * 1e9)
    case ..<1e-3: String(format: "%.1f µs", seconds * 1e6)
    case ..<1: String(format: "%.2f ms", seconds * 1e3)
    default: String(format: "%.2f s", seconds)
    }
  }

  static func nanoseconds(_ nanoseconds: Double) -> String {
    nanoseconds < 10_000 ? String(format: "%.0f ns", nanoseconds) : seconds(nanoseconds / 1e9)
  }

  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.2f", value)
  }

  static func bytes(_ bytes: Int) -> String {
    let value = Double(bytes)
    return switch abs(value) {
    case ..<10_000: "\(bytes) B"
    case ..<10_000_000: String(format: "%.1f KiB", value / 1024)
    default: String(format: "%.1f MiB", value / 1_048_576)
    }
  }

  static func count(_ count: Int) -> String {
    let digits = String(count)
    var grouped = ""
    for (index, digit) in digits.reversed().enumerated() {
      if index > 0, index.isMultiple(of: 3) { grouped.append(",") }
      grouped.append(digit)
    }
    return String(grouped.reversed())
  }
}
