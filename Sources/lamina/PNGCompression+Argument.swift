import ArgumentParser
import LaminaPNG

extension PNGCompression: ExpressibleByArgument {}
