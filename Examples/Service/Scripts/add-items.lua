-- wrk: every request adds one item to one of 100 carts, in turn, as the service's hot path.
local carts = 100
local counter = 0
local body = '{"sku": "apple", "quantity": 1}'
local headers = { ["Content-Type"] = "application/json" }

request = function()
  counter = counter + 1
  return wrk.format("POST", "/carts/cart" .. (counter % carts) .. "/items", headers, body)
end
