import Lamina

extension SceneMutator {
    /// Changes one property of `l` (or adds `add` below it), by `kind`.
    mutating func change(_ l: inout Layer, kind: Int, add: Layer?) -> String {
        switch kind {
        case 0, 1: if let add { l.sublayers.insert(add, at: Int.random(in: 0...l.sublayers.count, using: &rng)) }; return "add"
        case 2, 3: return ""
        case 4: l.position = Point(l.position.x + double(-15...15), l.position.y + double(-15...15)); return "position"
        case 5: l.bounds.size = Size(double(2...width / 2), double(2...height / 2)); return "bounds"
        case 6: l.opacity = chance(0.2) ? 1 : double(0...1); return "opacity"
        case 7: l.backgroundColor = chance(0.1) ? .clear : color(); return "backgroundColor"
        case 8: l.cornerRadius = double(0...15); l.cornerCurve = chance(0.5) ? .circular : .continuous; return "cornerRadius"
        case 9: l.borderWidth = chance(0.3) ? 0 : double(0.5...5); l.borderColor = color(); return "border"
        case 10: l.shadowOpacity = chance(0.3) ? 0 : double(0.2...1); l.shadowColor = color(); return "shadowOpacity"
        case 11: l.shadowRadius = double(0...8); l.shadowOffset = Size(double(-6...6), double(-6...6)); return "shadowRadius"
        case 12:
            l.shadowPath = chance(0.3) ? nil : (chance(0.5) ? .ellipse(Rect(0, 0, l.bounds.width, l.bounds.height)) : .rect(Rect(-2, -2, 12, 9)))
            return "shadowPath"
        case 13: l.isHidden.toggle(); return "hidden"
        case 14: l.masksToBounds.toggle(); return "masksToBounds"
        case 15: l.zPosition = chance(0.5) ? 0 : double(-2...2); return "zPosition"
        case 16:
            l.affineTransform = chance(0.3) ? .identity
                : AffineTransform.rotation(double(-0.6...0.6)).concatenating(.scale(double(0.6...1.3), double(0.6...1.3)))
            return "affineTransform"
        case 17: l.shouldRasterize.toggle(); l.rasterizationScale = chance(0.5) ? 1 : 2; return "shouldRasterize"
        case 18:
            if l.mask != nil && chance(0.5) { l.mask = nil; return "mask removed" }
            var m = Layer(name: name())
            m.setFrame(Rect(double(-5...l.bounds.width / 2), double(-5...l.bounds.height / 2), double(4...30), double(4...30)))
            m.backgroundColor = Color(white: 0, alpha: double(0.3...1))
            m.cornerRadius = double(0...8)
            l.mask = m
            return "mask"
        case 19:
            if l.mask != nil { l.mask!.position.x += double(-5...5); l.mask!.opacity = double(0.2...1); return "mask changed" }
            l.allowsGroupOpacity = chance(0.5) ? nil : chance(0.5); return "allowsGroupOpacity"
        case 20:
            l.contents = chance(0.3) ? nil : image
            l.contentsGravity = ContentsGravity.allCases.randomElement(using: &rng)!
            l.magnificationFilter = ScalingFilter.allCases.randomElement(using: &rng)!
            return "contents"
        case 21: l.anchorPoint = Point(double(0...1), double(0...1)); return "anchorPoint"
        case 22: l.maskedCorners = CornerMask(rawValue: Int.random(in: 0...15, using: &rng)); return "maskedCorners"
        default:
            if !l.sublayers.isEmpty { l.sublayers[0].backgroundColor = color(); return "child color" }
            l.backgroundColor = color(); return "backgroundColor"
        }
    }
}
