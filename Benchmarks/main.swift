import Foundation

// Top-level code runs on the main actor; the benchmarks must not, or every await would hop through it.
let status = await Benchmarks.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
