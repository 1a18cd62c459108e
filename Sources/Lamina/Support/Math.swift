#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@inline(__always) func Foundation_cos(_ x: Double) -> Double { cos(x) }
@inline(__always) func Foundation_sin(_ x: Double) -> Double { sin(x) }

/// Small numeric helpers shared by the planner and both backends.
public enum LaminaMath {
    /// The error function, within 10⁻⁹ (`ErfTable`).
    @inline(__always) public static func erf(_ x: Double) -> Double { ErfTable.erf(x) }

    /// The error function (libm).
    @inline(__always) public static func libmErf(_ x: Double) -> Double {
        #if canImport(Glibc)
        return Glibc.erf(x)
        #else
        return Darwin.erf(x)
        #endif
    }

    @inline(__always) public static func log2(_ x: Double) -> Double {
        #if canImport(Glibc)
        return Glibc.log2(x)
        #else
        return Darwin.log2(x)
        #endif
    }

    @inline(__always) public static func pow(_ x: Double, _ y: Double) -> Double {
        #if canImport(Glibc)
        return Glibc.pow(x, y)
        #else
        return Darwin.pow(x, y)
        #endif
    }

    @inline(__always) public static func exp(_ x: Double) -> Double {
        #if canImport(Glibc)
        return Glibc.exp(x)
        #else
        return Darwin.exp(x)
        #endif
    }

    @inline(__always) public static func atan2(_ y: Double, _ x: Double) -> Double {
        #if canImport(Glibc)
        return Glibc.atan2(y, x)
        #else
        return Darwin.atan2(y, x)
        #endif
    }

    @inline(__always) public static func cos(_ x: Double) -> Double { Foundation_cos(x) }
    @inline(__always) public static func sin(_ x: Double) -> Double { Foundation_sin(x) }
}

/// Number formatting for plans and messages: short, stable, no trailing zeros.
public enum Format {
    public static func number(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        guard v.isFinite, abs(v) < 1e15 else { return v.isNaN ? "nan" : "\(v)" }
        var s = String(format3(v))
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    private static func format3(_ v: Double) -> String {
        let scaled = (v * 1000).rounded() / 1000
        if scaled == scaled.rounded() { return String(Int(scaled)) + "." }
        return String(scaled)
    }
}
