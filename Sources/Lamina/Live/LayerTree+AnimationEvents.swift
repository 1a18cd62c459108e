extension LayerTree {
    /// The tree's time now: its clock's, else the time of the latest `nextFrame(at:)` (0 before any).
    public var currentTime: Double { clock?.now ?? lastFrameTime }

    /// Runs the animation callbacks (`LiveLayer.add(_:forKey:didStart:didStop:)`) and transaction
    /// completions that frames made due, in order, on the calling thread (the tree's). A frame finds them
    /// (`nextFrame(at:)`); the caller runs them once the frame is drawn — the next `nextFrame(at:)` runs
    /// those still waiting first.
    public func deliverAnimationEvents() {
        while !pendingEvents.isEmpty {
            let events = pendingEvents
            pendingEvents.removeAll()
            for event in events { event() }
        }
    }

    /// Starts watching a layer's added animations.
    func watchAnimations(of layer: LiveLayer) {
        watchedAnimations[ObjectIdentifier(layer)] = layer
    }

    /// Finds the animations that started or ended by tree time `time`: queues their callbacks, and takes
    /// ended ones whose `isRemovedOnCompletion` is set off their layers (their model values show again).
    func advanceAnimations(to time: Double) {
        deliverAnimationEvents()
        for (id, layer) in watchedAnimations {
            guard layer.tree === self else {
                layer.stopAllTickets(finished: false)
                watchedAnimations[id] = nil
                continue
            }
            let local = layer.localTime(atTreeTime: time)
            var ended: [Int] = []
            for (i, ticket) in layer.animationTickets.enumerated() {
                guard let ticket, !ticket.stopped, let local else { continue }
                let a = layer.properties.animations[i]
                if !ticket.started && local >= a.beginTime {
                    ticket.started = true
                    if let f = ticket.didStart { pendingEvents.append(f) }
                }
                if let end = a.endTime, local >= end {
                    if !ticket.started {
                        ticket.started = true
                        if let f = ticket.didStart { pendingEvents.append(f) }
                    }
                    stop(ticket, finished: true)
                    if a.isRemovedOnCompletion { ended.append(i) }
                }
            }
            if !ended.isEmpty { layer.removeAnimations(at: ended) }
            if !layer.animationTickets.contains(where: { $0 != nil && !$0!.stopped }) { watchedAnimations[id] = nil }
        }
    }

    /// Queues a ticket's stop callback and settles the transactions waiting for it.
    func stop(_ ticket: AnimationTicket, finished: Bool) {
        guard !ticket.stopped else { return }
        ticket.stopped = true
        if let f = ticket.didStop { pendingEvents.append { f(finished) } }
        for t in ticket.transactions {
            t.pending -= 1
            queueIfDue(t)
        }
    }

    /// Queues a transaction's completion once it is due.
    func queueIfDue(_ completion: TransactionCompletion) {
        guard completion.isDue else { return }
        completion.ran = true
        if let block = completion.block { pendingEvents.append(block) }
    }

    /// The settings of the innermost open transactions.
    var transactionSettings: TransactionSettings { TransactionSettings(transactionStack) }
}
