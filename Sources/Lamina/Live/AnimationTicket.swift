/// What a live tree keeps for an animation added to one of its layers: the callbacks to call when it
/// starts and stops, and the transactions waiting for it (`LayerTree.begin(animationDuration:…)`).
final class AnimationTicket {
    let didStart: (() -> Void)?
    let didStop: ((_ finished: Bool) -> Void)?
    var started = false
    var stopped = false
    var transactions: [TransactionCompletion]

    init(didStart: (() -> Void)?, didStop: ((Bool) -> Void)?, transactions: [TransactionCompletion]) {
        self.didStart = didStart; self.didStop = didStop; self.transactions = transactions
        for t in transactions { t.pending += 1 }
    }
}

/// A transaction's completion block, run once the transaction has committed and every animation added
/// inside it (nested transactions' too) has stopped.
final class TransactionCompletion {
    let block: (() -> Void)?
    var pending = 0
    var committed = false
    var ran = false

    init(_ block: (() -> Void)?) { self.block = block }

    /// Whether it may run now (and has not yet).
    var isDue: Bool { committed && pending == 0 && !ran }
}
