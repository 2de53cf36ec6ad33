#!/usr/bin/env python3
"""Starts COUNT carts on the service at 127.0.0.1:PORT, one request each, over one keep-alive connection.

Usage: make-carts.py PORT COUNT PREFIX. Stops after COUNT requests or 120 seconds, whichever comes first, and
fails on any answer but 200.
"""
import http.client
import sys
import time

port, count, prefix = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
deadline = time.monotonic() + 120
body = b'{"sku": "apple", "quantity": 1}'
for n in range(count):
    if time.monotonic() > deadline:
        sys.exit(f"stopped after {n} carts: 120 s passed")
    connection.request("POST", f"/carts/{prefix}{n}/items", body, {"Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"cart {prefix}{n}: {response.status}")
