local ok = true
os.execute("ls")
