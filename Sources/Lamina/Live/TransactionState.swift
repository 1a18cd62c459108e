/// One open transaction of a `LayerTree` (CATransaction's per-transaction settings); nil settings are
/// inherited from the enclosing transaction, then from the defaults (0.25 s, the default curve, actions on).
struct TransactionState {
    var animationDuration: Double?
    var timingFunction: TimingFunction?
    var disableActions: Bool?
    let completion: TransactionCompletion
}

/// What the setters of a tree's layers read while transactions are open: the innermost setting of each.
struct TransactionSettings {
    var animationDuration = 0.25
    var timingFunction = TimingFunction.default
    var disableActions = false

    init(_ stack: [TransactionState]) {
        for t in stack {
            if let d = t.animationDuration { animationDuration = d }
            if let f = t.timingFunction { timingFunction = f }
            if let a = t.disableActions { disableActions = a }
        }
    }
}
