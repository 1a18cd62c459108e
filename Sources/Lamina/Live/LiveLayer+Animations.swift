extension LiveLayer {
    /// Adds an explicit animation (CALayer's `add(_:forKey:)`): an animation under the same key is
    /// replaced (it stops, not finished); a nil key always adds. As in Core Animation, a `beginTime` of 0
    /// means now: it becomes the layer's local time at the tree's current time (`LayerTree.currentTime`).
    /// `didStart` and `didStop` (finished: true when it ran to its end, false when removed or replaced)
    /// are called on the tree's thread after the frame that starts or ends it (`LayerTree.deliverAnimationEvents()`);
    /// an ended animation is taken off the layer when its `isRemovedOnCompletion` is set. Refuses, changing
    /// nothing, an animation that `Animation.validate(for:)` refuses: values of another kind than the key
    /// path takes, a key path of another layer class, a broken timing rule.
    public func add(_ animation: Animation, forKey key: String?, didStart: (() -> Void)? = nil,
                    didStop: ((_ finished: Bool) -> Void)? = nil) throws(AnimationError) {
        try animation.validate(for: properties)
        syncKeys()
        let tree = self.tree
        tree?.willChange(self)
        if let key, let i = animationKeyList.firstIndex(of: key) { removeAnimations(at: [i], stopping: true) }
        var a = animation
        if a.beginTime == 0, let tree { a.beginTime = localTime(atTreeTime: tree.currentTime) ?? 0 }
        properties.animations.append(a)
        animationKeyList.append(key)
        let ticket = AnimationTicket(didStart: didStart, didStop: didStop, transactions: tree?.transactionStack.map(\.completion) ?? [])
        animationTickets.append(ticket)
        tree?.watchAnimations(of: self)
    }

    /// Removes the animation added under `key`, if any (its `didStop` gets finished: false).
    public func removeAnimation(forKey key: String) {
        syncKeys()
        guard let i = animationKeyList.firstIndex(of: key) else { return }
        tree?.willChange(self)
        removeAnimations(at: [i], stopping: true)
    }

    /// Removes every animation of this layer.
    public func removeAllAnimations() {
        guard !properties.animations.isEmpty else { return }
        syncKeys()
        tree?.willChange(self)
        removeAnimations(at: Array(properties.animations.indices), stopping: true)
    }

    /// The animation added under `key`.
    public func animation(forKey key: String) -> Animation? {
        syncKeys()
        return animationKeyList.firstIndex(of: key).map { properties.animations[$0] }
    }

    /// The keys of the layer's animations, in order (animations added without a key are left out).
    public var animationKeys: [String] {
        syncKeys()
        return animationKeyList.compactMap { $0 }
    }

    /// Takes the animations at `indices` off the layer; with `stopping`, their callbacks learn they were
    /// removed before their end.
    func removeAnimations(at indices: [Int], stopping: Bool = false) {
        syncKeys()
        tree?.willChange(self)
        for i in indices.sorted(by: >) {
            if stopping, let ticket = animationTickets[i] { stop(ticket, finished: false) }
            properties.animations.remove(at: i)
            animationKeyList.remove(at: i)
            animationTickets.remove(at: i)
        }
    }

    /// Stops every ticket (the layer left its tree).
    func stopAllTickets(finished: Bool) {
        for ticket in animationTickets.compactMap({ $0 }) { stop(ticket, finished: finished) }
    }

    private func stop(_ ticket: AnimationTicket, finished: Bool) {
        if let tree { tree.stop(ticket, finished: finished) } else if !ticket.stopped {
            ticket.stopped = true
            ticket.didStop?(finished)
            for t in ticket.transactions { t.pending -= 1 }
        }
    }

    /// Keeps one key and ticket per animation when `animations` was assigned directly.
    private func syncKeys() {
        if animationKeyList.count != properties.animations.count || animationTickets.count != properties.animations.count {
            animationKeyList = Array(repeating: nil, count: properties.animations.count)
            animationTickets = Array(repeating: nil, count: properties.animations.count)
        }
    }
}
