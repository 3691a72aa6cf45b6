console.log('rota')
