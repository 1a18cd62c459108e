import Foundation

/// The bytes of request bodies the service holds at once, over all connections, against a ceiling: each
/// body reserves its bytes before they are read (all of a declared `Content-Length` up front, a chunked
/// body as it arrives) and gives them back once its request is answered.
final class BodyBudget: @unchecked Sendable {
    /// Most bytes held at once.
    let limit: Int
    private let lock = NSLock()
    private var held = 0
    /// Told every new total while the budget is locked, so reports arrive in order.
    private let changed: @Sendable (Int) -> Void

    init(limit: Int, changed: @escaping @Sendable (Int) -> Void = { _ in }) {
        self.limit = limit
        self.changed = changed
    }

    /// Bytes held now.
    var inUse: Int { lock.withLock { held } }

    /// Takes `bytes` from the budget; false (and nothing taken) when that would pass the limit.
    func reserve(_ bytes: Int) -> Bool {
        lock.withLock {
            guard bytes <= limit - held else { return false }
            held += bytes
            changed(held)
            return true
        }
    }

    /// Gives back bytes taken with `reserve`.
    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        lock.withLock {
            held -= bytes
            changed(held)
        }
    }
}
