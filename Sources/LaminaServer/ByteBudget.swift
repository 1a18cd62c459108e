import Foundation

/// Bytes the service holds at once, over all connections, against a ceiling. Request bodies reserve their
/// bytes before they are read (all of a declared `Content-Length` up front, a chunked body as it arrives)
/// and give them back once their request is answered; answers reserve theirs from the moment they are ready
/// until their last piece is handed to the connection (`AnswerSender`).
final class ByteBudget: @unchecked Sendable {
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
