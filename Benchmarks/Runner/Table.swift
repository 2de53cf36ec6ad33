/// The results as a plain-text table, with each scenario's notes underneath.
struct Table {
  let results: [ScenarioResult]

  func render() -> String {
    let header = [
      "scenario", "count", "Actuate (median)", "per op", "baseline (median)", "per op", "ratio", "target", "result",
    ]
    let rows = results.map { result -> [String] in
      [
        result.name,
        result.count.map(Format.count) ?? "",
        result.actuate.map { Format.seconds($0.medianSeconds) } ?? "",
        result.actuate?.perOperationNanoseconds.map(Format.nanoseconds) ?? "",
        result.baseline.map { Format.seconds($0.medianSeconds) } ?? "",
        result.baseline?.perOperationNanoseconds.map(Format.nanoseconds) ?? "",
        result.ratio.map { Format.number(($0 * 100).rounded() / 100) + "×" } ?? "",
        result.target,
        result.status.rawValue,
      ]
    }
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
        .joined(separator: "  ").trimmingTrailingSpaces()
    }
    var lines = [line(header), line(widths.map { String(repeating: "-", count: $0) })]
    lines += rows.map(line)
    lines.append("")
    for result in results {
      if let baseline = result.baselineName { lines.append("\(result.name): baseline is \(baseline)") }
      for note in result.notes { lines.append("\(result.name): \(note)") }
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}
