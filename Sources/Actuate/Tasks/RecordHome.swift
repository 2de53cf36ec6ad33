#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if !canImport(Darwin)
import Synchronization
#endif

/// What a root store and the children inside it share: the serial executor they all run on, the lock and
/// the counter of their task records, so that a record costs one allocation and no lock of its own, and the
/// root's intake, under the same lock.
///
/// An actor only for its executor: a root store and every child store inside it run on it, so they exclude
/// each other and a parent's code reaches a child's without a hop. One object for both, not an executor's
/// actor beside a class of records, because every store holds one: an idle store is smaller by an object,
/// its header and its pointer.
package final actor RecordHome {
  /// The store actor, for ``ActionTask/cancel()``, while its ``Store`` lives: a handle kept after its store
  /// is gone then keeps nothing alive. Neither a weak reference to the actor nor to the `Store`: a weak
  /// reference gives its object a side table, an allocation more for every store, and makes every retain
  /// and release of it slower. The `Store` marks `ownerGone` first thing as it goes, before it lets go of
  /// the actor, so a reader that finds it unmarked, under the lock, retains an actor the `Store` still holds.
  /// Once the `Store` is gone its actor has stopped, and there is nothing left to cancel.
  // nonisolated(unsafe): set once, as the store is made, before anything can read it, and read only with
  // `lock` held while `Shared.ownerGone` is false.
  private nonisolated(unsafe) unowned(unsafe) var owner: (any TaskOwner)?
  /// Numbers the store's tasks in the order they were made (``Intake/nextNumber()``).
  nonisolated let numbers = AtomicCounter()

  /// What `lock` guards beside the records' published fields.
  struct Shared {
    /// The root store's intake (``Intake``): one lock for the queue and the records, so that an idle store
    /// holds one, not two.
    var intake = IntakeQueue()
    /// Set as the `Store` goes: `owner` must not be read any more.
    var ownerGone = false
    #if canImport(Darwin)
    /// The tracker, once asked for (see `lazyDeliveries`).
    var deliveries: DeliveryTracker?
    #endif
  }

  #if !canImport(Darwin)
  /// Made the first time it is asked for: most stores never hand anything to a hook, sleep on a clock or
  /// wait until idle, and the tracker and its lock are a third of what an idle store would cost. Where
  /// `Atomic` needs a newer system (Apple's before macOS 15), the tracker is kept under `lock`.
  ///
  /// An `Atomic` of the reference, which the home retains once, not an `AtomicLazyReference`: that one's
  /// `load()` is not inlinable, and every hook element asks (`deliveriesIfMade`).
  private nonisolated let lazyDeliveries = Atomic<Unmanaged<DeliveryTracker>?>(nil)
  #endif
  // The lock and the flag last, in this order, after the word-sized fields: the flag then sits in the
  // lock's padding, and the home is 8 bytes, a size class, smaller.
  /// Guards the published fields of every record of the store, and what is shared below (``withLock(_:)``).
  /// On Linux a `Mutex` inline, so that the lock costs an idle store no object of its own; Apple's platforms
  /// get `Mutex` only from macOS 15 and iOS 18, so there it is a `Locked`, an object of its own.
  #if canImport(Darwin)
  private nonisolated let lock = Locked(Shared())
  #else
  private nonisolated let lock = Mutex(Shared())
  #endif
  /// Whether the root's writes in the middle of a stretch must count its children first (see
  /// `ChildTable.noteGone`): set by the root as it reconciles them. Kept here, on an object every store
  /// holds, so that each write asks a flag, not the root's generic table.
  nonisolated(unsafe) var countsChildren = false

  init() {}

  #if !canImport(Darwin)
  deinit {
    lazyDeliveries.load(ordering: .acquiring)?.release()
  }
  #endif

  /// Runs `body` with the lock held and what it guards.
  @inline(__always)
  nonisolated func withLock<Result>(_ body: (inout Shared) throws -> Result) rethrows -> Result {
    #if canImport(Darwin)
    try lock.withLock(body)
    #else
    // ThreadSanitizer cannot see `Mutex`'s lock on Linux; without the two annotations it reports every
    // access the lock guards as a race. Read once, outside the lock.
    let annotations = Self.sanitizerAnnotations
    let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    return try lock.withLock { shared in
      annotations?.acquire(address)
      defer { annotations?.release(address) }
      return try body(&shared)
    }
    #endif
  }

  #if !canImport(Darwin)
  private typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

  /// ThreadSanitizer's `__tsan_acquire` and `__tsan_release`, found once in the running process: present
  /// only when it was linked with the sanitizer's runtime.
  ///
  /// On Linux `Mutex` waits on a futex from code compiled without the sanitizer, so ThreadSanitizer sees
  /// neither its lock nor its unlock. ``withLock(_:)`` calls `acquire` once it holds the lock and `release`
  /// before it lets go, with the home's address: the sanitizer then orders the accesses as the lock does.
  /// Outside the sanitizer both are absent, and each lock tests a `nil`.
  private static let sanitizerAnnotations: (acquire: Annotation, release: Annotation)? = {
    guard let acquire = dlsym(nil, "__tsan_acquire"), let release = dlsym(nil, "__tsan_release") else {
      return nil
    }
    return (unsafeBitCast(acquire, to: Annotation.self), unsafeBitCast(release, to: Annotation.self))
  }()
  #endif

  /// What the store has handed its tasks and which of them sleep on a clock: whether the store is idle.
  package nonisolated var deliveries: DeliveryTracker {
    #if canImport(Darwin)
    withLock { shared in
      if let tracker = shared.deliveries { return tracker }
      let tracker = DeliveryTracker()
      shared.deliveries = tracker
      return tracker
    }
    #else
    if let made = lazyDeliveries.load(ordering: .acquiring) { return made.takeUnretainedValue() }
    let made = Unmanaged.passRetained(DeliveryTracker())
    let (stored, found) = lazyDeliveries.compareExchange(expected: nil, desired: made, ordering: .acquiringAndReleasing)
    guard !stored, let found else { return made.takeUnretainedValue() }
    // Another thread stored one first.
    made.release()
    return found.takeUnretainedValue()
    #endif
  }

  /// The tracker if anything has asked for it yet: a store that was never asked has nothing outstanding.
  nonisolated var deliveriesIfMade: DeliveryTracker? {
    #if canImport(Darwin)
    withLock { $0.deliveries }
    #else
    lazyDeliveries.load(ordering: .acquiring)?.takeUnretainedValue()
    #endif
  }

  /// Where ``ActionTask/cancel()`` goes.
  package nonisolated var store: (any TaskOwner)? {
    withLock { $0.ownerGone ? nil : owner }
  }

  /// Sets the store actor its `Store` holds; before the store is shared.
  nonisolated func attach(_ owner: any TaskOwner) {
    self.owner = owner
  }

  /// The `Store` is going: `owner` is not read from now on.
  nonisolated func detach() {
    withLock { $0.ownerGone = true }
  }
}
