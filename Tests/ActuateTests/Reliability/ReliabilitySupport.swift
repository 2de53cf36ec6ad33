@testable import Actuate

/// A small, fast, seedable generator, so a failing random case can be replayed from its seed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Counts up from any thread and lets a task wait until the count reaches a target, without polling.
final class Countdown: Sendable {
  private struct State {
    var count = 0
    var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
  }

  private let state = Locked(State())

  var count: Int { state.withLock { $0.count } }

  func increment() {
    let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count += 1
      let count = state.count
      let ready = state.waiters.filter { $0.target <= count }.map(\.continuation)
      state.waiters.removeAll { $0.target <= count }
      return ready
    }
    for continuation in ready { continuation.resume() }
  }

  func wait(until target: Int) async {
    await withCheckedContinuation { continuation in
      let reached = state.withLock { state -> Bool in
        if state.count >= target { return true }
        state.waiters.append((target, continuation))
        return false
      }
      if reached { continuation.resume() }
    }
  }
}

/// A gate a handler waits at, ignoring cancellation, until the test opens it.
final class Gate: Sendable {
  private struct State {
    var open = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())
  /// Counts arrivals, so the test knows a handler is waiting at the gate.
  let arrived = Countdown()

  func wait() async {
    await withCheckedContinuation { continuation in
      let passed = state.withLock { state -> Bool in
        if state.open { return true }
        state.waiters.append(continuation)
        return false
      }
      arrived.increment()
      if passed { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.open = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// Holds a reference weakly, to tell whether an object is still alive.
struct WeakBox<Object: AnyObject>: @unchecked Sendable {
  // @unchecked: only read to compare with nil after the object's owners are gone.
  weak var object: Object?
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether the tests run under ThreadSanitizer or AddressSanitizer, which slow them down tenfold or more:
/// the biggest stress tests shrink there to stay within their time limits and CI's budget.
enum Sanitizer {
  static let isActive: Bool = {
    #if canImport(Glibc) || canImport(Darwin)
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(handle) }
    return dlsym(handle, "__tsan_init") != nil || dlsym(handle, "__asan_init") != nil
    #else
    return false
    #endif
  }()
}
