/// Counts in notes are read by people scanning large outputs, so they get digit grouping.
enum GroupedCount {
  static func format(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var result = ""
    result.reserveCapacity(digits.count + digits.count / 3 + 1)
    for (offset, digit) in digits.enumerated() {
      if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return count < 0 ? "-" + result : result
  }

  static func phrase(_ count: Int, _ singular: String, _ plural: String) -> String {
    "\(format(count)) \(count == 1 ? singular : plural)"
  }
}
