#!/usr/bin/env node
import '../dist/rota.js'
